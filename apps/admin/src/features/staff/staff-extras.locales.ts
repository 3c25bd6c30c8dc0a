/** The staff page's and My account's account-care strings (spread into locales/en.ts and locales/id.ts). */

export const staffExtrasEn = {
  staffFilter: {
    state: 'Show',
    all: 'Everyone',
    active: 'Active',
    invited: 'Invitation pending',
    expired: 'Invitation expired',
    disabled: 'Disabled',
  },
  staffCare: {
    resendInvite: 'Resend invitation',
    resendTitle: 'Send {{name}} a new invitation?',
    resendText: 'A new one-time link is made (72 hours); the earlier links stop working.',
    resendConfirm: 'Make a new link',
    inviteAgain: 'New invitation link for {{name}}. It works once, until {{until}}, and is not shown again.',
    resetPassword: 'Reset password',
    resetTitle: 'Reset the password of {{name}}?',
    resetText:
      'Their password stops working and every session of theirs ends now. You get a one-time link (72 hours) for them to set a new password; their second factor stays.',
    resetConfirm: 'Reset the password',
    resetLink:
      'Give this link to {{name}} (in person or by a trusted channel). It sets a new password once, until {{until}}, and is not shown again.',
    clearTotp: 'Clear second factor',
    clearTotpTitle: 'Clear the second factor of {{name}}?',
    clearTotpText:
      'For a lost phone: they sign in with their password alone until they set up the second factor again.',
    clearTotpConfirm: 'Clear it',
    totpCleared: 'The second factor of {{name}} is cleared.',
  },
  accountCare: {
    totpOffTitle: 'Turn the second factor off',
    totpOffIntro: 'Prove it is you with a current code from your app, or with your password.',
    proveWith: 'Prove it with',
    withCode: 'A code from the app',
    withPassword: 'My password',
    code: 'Code from the app',
    password: 'Password',
    totpOff: 'Turn off',
    totpTurnedOff: 'The second factor is off.',
    everywhereTitle: 'Sign out everywhere',
    everywhereIntro:
      'Ends every session of your account: on other computers and phones, and this one. Use it after signing in on a shared or lost device.',
    everywhere: 'Sign out everywhere',
    everywhereConfirmTitle: 'Sign out on every device?',
    everywhereConfirm: 'Sign out everywhere',
  },
}

export const staffExtrasId: typeof staffExtrasEn = {
  staffFilter: {
    state: 'Tampilkan',
    all: 'Semua',
    active: 'Aktif',
    invited: 'Undangan menunggu',
    expired: 'Undangan kedaluwarsa',
    disabled: 'Nonaktif',
  },
  staffCare: {
    resendInvite: 'Kirim ulang undangan',
    resendTitle: 'Kirim undangan baru untuk {{name}}?',
    resendText: 'Tautan sekali pakai baru dibuat (72 jam); tautan sebelumnya tidak berlaku lagi.',
    resendConfirm: 'Buat tautan baru',
    inviteAgain:
      'Tautan undangan baru untuk {{name}}. Hanya berlaku sekali, sampai {{until}}, dan tidak ditampilkan lagi.',
    resetPassword: 'Atur ulang kata sandi',
    resetTitle: 'Atur ulang kata sandi {{name}}?',
    resetText:
      'Kata sandinya langsung tidak berlaku dan semua sesinya berakhir. Anda mendapat tautan sekali pakai (72 jam) agar ia membuat kata sandi baru; faktor keduanya tetap.',
    resetConfirm: 'Atur ulang kata sandi',
    resetLink:
      'Berikan tautan ini kepada {{name}} (langsung atau lewat saluran tepercaya). Tautan membuat kata sandi baru sekali saja, sampai {{until}}, dan tidak ditampilkan lagi.',
    clearTotp: 'Hapus faktor kedua',
    clearTotpTitle: 'Hapus faktor kedua {{name}}?',
    clearTotpText:
      'Untuk HP yang hilang: ia masuk dengan kata sandi saja sampai menyiapkan faktor kedua lagi.',
    clearTotpConfirm: 'Hapus',
    totpCleared: 'Faktor kedua {{name}} sudah dihapus.',
  },
  accountCare: {
    totpOffTitle: 'Matikan faktor kedua',
    totpOffIntro: 'Buktikan bahwa ini Anda dengan kode dari aplikasi, atau dengan kata sandi.',
    proveWith: 'Buktikan dengan',
    withCode: 'Kode dari aplikasi',
    withPassword: 'Kata sandi saya',
    code: 'Kode dari aplikasi',
    password: 'Kata sandi',
    totpOff: 'Matikan',
    totpTurnedOff: 'Faktor kedua sudah dimatikan.',
    everywhereTitle: 'Keluar dari semua perangkat',
    everywhereIntro:
      'Mengakhiri semua sesi akun Anda: di komputer dan HP lain, juga di sini. Gunakan setelah masuk di perangkat bersama atau yang hilang.',
    everywhere: 'Keluar dari semua perangkat',
    everywhereConfirmTitle: 'Keluar di semua perangkat?',
    everywhereConfirm: 'Keluar dari semua perangkat',
  },
}
