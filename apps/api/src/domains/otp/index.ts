export { OTP_POLICY, pruneExpiredCodes, sendCode, verifyCode } from './otp.service.ts'
