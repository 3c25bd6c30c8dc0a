export { OTP_POLICY, pruneExpiredCodes, sendCode, verifyCode, type ShopperVoice } from './otp.service.ts'
