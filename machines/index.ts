import type { AnyStateMachine } from 'xstate';
import { appMachine } from './app/app.machine';
import { balancesMachine } from './balances/balances.machine';
import { biometricMachine } from './biometric/biometric.machine';
import { chatMachine } from './chat/chat.machine';
import { chunkReloadMachine } from './chunkReload/chunkReload.machine';
import { forgotPasswordMachine } from './forgotPassword/forgotPassword.machine';
import { kycMachine } from './kyc/kyc.machine';
import { kycDocumentMachine } from './kycDocument/kycDocument.machine';
import { kycQuestionnaireMachine } from './kycQuestionnaire/kycQuestionnaire.machine';
import { kycSignatureMachine } from './kycSignature/kycSignature.machine';
import { languageMachine } from './language/language.machine';
import { registrationMachine } from './registration/registration.machine';
import { loginMachine } from './login/login.machine';
import { cardControlsMachine } from './cardControls/cardControls.machine';
import { collateralMachine } from './collateral/collateral.machine';
import { payLinkMachine } from './payLink/payLink.machine';
import { paymentMachine } from './payment/payment.machine';
import { withdrawalMachine } from './withdrawal/withdrawal.machine';
import { sendMoneyMachine } from './sendMoney/sendMoney.machine';
import { moneyRequestsMachine } from './moneyRequests/moneyRequests.machine';
import { priceAlertsMachine } from './priceAlerts/priceAlerts.machine';
import { bankPayoutMachine } from './bankPayout/bankPayout.machine';
import { recurringBuyMachine } from './recurringBuy/recurringBuy.machine';
import { onChainDepositMachine } from './onChainDeposit/onChainDeposit.machine';
import { depositLinkMachine } from './depositLink/depositLink.machine';
import { walletTopUpMachine } from './walletTopUp/walletTopUp.machine';
import { fiatTopUpMachine } from './fiatTopUp/fiatTopUp.machine';
import { payByCodeMachine } from './payByCode/payByCode.machine';
import { phoneChangeMachine } from './phoneChange/phoneChange.machine';
import { stepUpMachine } from './stepUp/stepUp.machine';
import { changePasswordMachine } from './changePassword/changePassword.machine';
import { passkeySignInMachine } from './passkeySignIn/passkeySignIn.machine';
import { routeGuardMachine } from './routeGuard/routeGuard.machine';
import { sessionMachine } from './session/session.machine';
import { idleMachine } from './idle/idle.machine';
import { inviteMachine } from './invite/invite.machine';
import { onboardingMachine } from './onboarding/onboarding.machine';
import { pushMachine } from './push/push.machine';
import { socialSignInMachine } from './socialSignIn/socialSignIn.machine';
import { phoneRecoveryMachine } from './phoneRecovery/phoneRecovery.machine';
import { recoveryCancelMachine } from './recoveryCancel/recoveryCancel.machine';
import { transferMachine } from './transfer/transfer.machine';
import { twoFactorPhoneMachine } from './twoFactorPhone/twoFactorPhone.machine';
import { versionReloadMachine } from './versionReload/versionReload.machine';
import { walletMachine } from './wallet/wallet.machine';
import { updateNameMachine } from './updateName/updateName.machine';
import { openCardAccountMachine } from './openCardAccount/openCardAccount.machine';
import { renamePasskeyMachine } from './renamePasskey/renamePasskey.machine';
import { endSessionsMachine, signOutEverywhereMachine } from './endSessions/endSessions.machine';
import { markNotificationsReadMachine } from './markNotificationsRead/markNotificationsRead.machine';
import { campaignTagsMachine } from './campaignTags/campaignTags.machine';
import { openAccountMachine } from './openAccount/openAccount.machine';
import { issueCardMachine } from './issueCard/issueCard.machine';
import { activateCardMachine } from './activateCard/activateCard.machine';
import { repayCardDebtMachine } from './repayCardDebt/repayCardDebt.machine';
import { payLinkListMachine } from './payLinkList/payLinkList.machine';
import { walletPayLinkMachine } from './walletPayLink/walletPayLink.machine';
import { depositLinkPaidMachine } from './depositLinkPaid/depositLinkPaid.machine';
import { decideKycMachine } from './decideKyc/decideKyc.machine';
import { notificationsBellMachine } from './notificationsBell/notificationsBell.machine';
import { simulateBankTransferMachine } from './simulateBankTransfer/simulateBankTransfer.machine';
import { simulatePayoutReturnMachine } from './simulatePayoutReturn/simulatePayoutReturn.machine';
import { simulateCryptoDepositMachine } from './simulateCryptoDeposit/simulateCryptoDeposit.machine';
import { simulateCardPaymentMachine } from './simulateCardPayment/simulateCardPayment.machine';
import { adjustAccountMachine } from './adjustAccount/adjustAccount.machine';
import { setRatesMachine } from './setRates/setRates.machine';
import { reviewHeldTransferMachine } from './reviewHeldTransfer/reviewHeldTransfer.machine';
import { createVoucherMachine } from './createVoucher/createVoucher.machine';
import { reportWalletPaymentMachine } from './reportWalletPayment/reportWalletPayment.machine';
import { walletConfirmationsMachine } from './walletConfirmations/walletConfirmations.machine';
import { acceptTermsMachine } from './acceptTerms/acceptTerms.machine';

export interface CatalogEntry {
  id: string;
  title: string;
  /** One paragraph for reviewers: what the flow is for and when it runs. */
  summary: string;
  /** Routes (English form) where the flow shows; empty for app-wide flows. */
  routes: string[];
  machine: AnyStateMachine;
}

/** Every statechart of the app. Diagrams, path tests and the flow explorer read this list. */
export const catalog: CatalogEntry[] = [
  {
    id: 'app',
    title: 'App',
    summary:
      'The page’s own actor: it runs the session, language, new-version reload, screen-load failure and route-guard machines for as long as the page is open, each under a systemId the app finds it by. Flow machines (sign-in, registration, passkeys, phone) are not its children: their screens start them and load them with their code.',
    routes: [],
    machine: appMachine,
  },
  {
    id: 'session',
    title: 'Session',
    summary:
      'Signed in means both the auth_token and refresh token cookies exist (the refresh token is HttpOnly; its readable marker says it is there). When only the refresh token is left, the session renews before the route guard decides. A 401 answer from the API gets one refresh of the tokens, shared by every call that failed meanwhile, which are then retried; when the refresh fails, both tokens and the selected card account are cleared and the login page of the current language opens, saying why when the server ended the session (idle, or at its absolute end). Logging out revokes the session on the server and ends it on this device even when offline.',
    routes: [],
    machine: sessionMachine,
  },
  {
    id: 'idle',
    title: 'Stay signed in?',
    summary:
      'The server ends a session after 15 minutes (configurable) without a request the customer made; background polling does not count, and a request in any tab of the app counts for all of them. A minute before the limit the app asks “Stay signed in?”: staying renews the session as the customer’s activity, “Log out” logs out, and ignoring the question ends the session with /login saying the customer was logged out for inactivity.',
    routes: [],
    machine: idleMachine,
  },
  {
    id: 'balances',
    title: 'Balances',
    summary:
      'While both session tokens exist the balances summary is fetched at once and then every 60 seconds, as background requests that never keep a session awake; a money movement fetches at once and restarts the interval. A failed fetch keeps the last figures and shows the server’s message, or “Unknown error”. Signing out stops the polling and drops the figures. The hide-balances flag masks every amount shown in the app and is remembered on the device.',
    routes: ['/', '/accounts', '/accounts/:id'],
    machine: balancesMachine,
  },
  {
    id: 'login',
    title: 'Log in with e-mail and password',
    summary:
      'The /login form. Missing fields are named without calling the server; a wrong password, a rate limit or a network failure shows a translated message and keeps what was typed. After success the app opens the page the visitor came from — only a path of this site, never an open redirect — or home; a customer with a confirmed phone first goes to /2fa/phone for an SMS code.',
    routes: ['/login'],
    machine: loginMachine,
  },
  {
    id: 'socialSignIn',
    title: 'Sign in with Google or Apple',
    summary:
      'Opening /auth/google or /auth/apple asks the server for the provider’s sign-in address (OpenID Connect with PKCE, state and nonce kept on the server) and leaves for it. The provider sends the browser back to the server, which verifies the answer and opens home signed in — or returns to this page with a reason: a cancellation at the provider is told apart from a failure, and both offer “try again”.',
    routes: ['/auth/google', '/auth/apple'],
    machine: socialSignInMachine,
  },
  {
    id: 'twoFactorPhone',
    title: 'Two-factor sign-in by SMS',
    summary:
      'After the right password, a customer with a confirmed phone gets no session yet: /2fa/phone asks for the 6-digit code sent by SMS. Wrong, expired and used-up codes are explained and the field keeps what was typed; a new code can be sent after a visible one-minute cooldown. After ten minutes, or when the challenge was used elsewhere, the customer is sent back to /login with a message; the right code opens the session and the page the customer signed in for. Opening /2fa/phone without signing in first leads to /login.',
    routes: ['/2fa/phone'],
    machine: twoFactorPhoneMachine,
  },
  {
    id: 'phoneRecovery',
    title: 'Lost phone: recover with the e-mail and the password',
    summary:
      'From the SMS step of a sign-in (“Lost your phone?”), a customer without a passkey asks for a code by e-mail, then gives it together with the password. The server schedules the removal of the confirmed phone 24 hours later and tells the e-mail and the old phone, each with a cancel link; afterwards the password alone signs in and a new phone can be set. An account with a passkey is told to sign in with it; an expired sign-in goes back to /login.',
    routes: ['/2fa/phone/lost'],
    machine: phoneRecoveryMachine,
  },
  {
    id: 'recoveryCancel',
    title: 'Cancel a lost-phone recovery from its link',
    summary:
      'The page a cancel link opens, from the e-mail or the SMS to the old phone, signed in or not: one button stops the pending removal of the phone (a link preview presses nothing). A used, finished or cut-short link says so; offline or rate-limited tries keep the button.',
    routes: ['/recovery/cancel'],
    machine: recoveryCancelMachine,
  },
  {
    id: 'phoneChange',
    title: 'Set or change the phone number',
    summary:
      'The phone section of /profile/security. Without a phone: choose the country (the customer’s own by default), type the national number — checked with libphonenumber-js and shown in international form — confirm it is you (the step-up) and confirm the number with the SMS code sent to it. With a phone: type the new number, choose to confirm with a code e-mailed to the account — followed by an SMS code to the new number, which alone makes it the phone — or with the SMS code only (switching is possible until the e-mailed code was given), after the step-up; or remove the number after the step-up. Wrong or expired codes are explained; a new code can be sent after a cooldown.',
    routes: ['/profile/security'],
    machine: phoneChangeMachine,
  },
  {
    id: 'cardControls',
    title: 'Card controls',
    summary:
      'One card on /card-accounts/cards: freeze and unfreeze it, change its daily and monthly limits and its online and contactless switches, and reveal the full number and CVV after the one step-up (`card.reveal`). The details show for 30 seconds, then hide again and leave memory; a grant that ran out before the reveal asks for a new step-up.',
    routes: ['/card-accounts/cards'],
    machine: cardControlsMachine,
  },
  {
    id: 'payLink',
    title: 'Ask to be paid by link',
    summary:
      'The form of /pay: amount, asset, why and an optional expiry (1 hour, 24 hours, 7 days), kept as typed on every refusal; the one step-up (`paylink.create`); then the single-use link /pay/{hash} (128 random bits) with its QR code, the device’s share sheet and a copy button. The customer’s requests are listed with their status (open, paid, expired, cancelled) and open ones can be cancelled.',
    routes: ['/pay'],
    machine: payLinkMachine,
  },
  {
    id: 'payment',
    title: 'Pay a request by link',
    summary:
      '/pay/{hash}: a signed-out visitor signs in first and comes back. The payer sees who asks (display name only), how much and why, chooses one of their accounts in the asset, confirms it is them (`paylink.pay`) and pays once (Idempotency-Key); the receipt follows and the balances refresh. One’s own request is never paid: its requester watches it become paid without reloading (Server-Sent Events, else a poll every 5 s). Paid, expired and cancelled links say so; an unknown one is “page not found”.',
    routes: ['/pay/:hash'],
    machine: paymentMachine,
  },
  {
    id: 'withdrawal',
    title: 'Withdraw crypto',
    summary:
      '/accounts/crypto/withdraw/{iso}: the network, a saved address or a new one (checked at once: 0x and 40 hexadecimal digits, with its EIP-55 checksum when in mixed case; saved with its own step-up, `withdrawal.address`, and usable after the cooling-off period), the amount or Max, more than the balance refused as it is typed. The server quotes the network fee from the chain and what arrives, firm for a minute, refusing what the balance or the withdrawal limit does not allow; confirming asks the server first, which checks funds and limit again and only then asks for the step-up for `withdrawal` (no code is sent for a refusal), and withdraws once (Idempotency-Key): the amount is held, the hot wallet sends it, and the page follows it every 3 s until it is confirmed, with its transaction hash, or failed with the amount returned.',
    routes: ['/accounts/crypto/withdraw/:iso'],
    machine: withdrawalMachine,
  },
  {
    id: 'bankPayout',
    title: 'Withdraw to a bank account',
    summary:
      '/accounts/fiat/withdraw/{iso}: a saved beneficiary or a new one (holder, IBAN and BIC checked at once by the contract’s rules: the IBAN’s length and check digits, a SEPA country, a BIC where the country needs one; saved with its own step-up, `withdrawal.address`, and payable after the cooling-off period, whose end the form shows), the amount or Max, more than the balance refused as it is typed. The server quotes the fee and the arrival date (the next business day), refusing what the minimum, the balance or the withdrawal limit does not allow; confirming asks the server first, which checks funds and limit again and only then asks for the step-up for `withdrawal`, and pays out once (Idempotency-Key): the amount is held, the SEPA rail takes it in a batch, and the page follows it every 5 s from submitted to in transit until it is settled, or returned by the bank with its reason and the amount back on the account.',
    routes: ['/accounts/fiat/withdraw/:iso'],
    machine: bankPayoutMachine,
  },
  {
    id: 'recurringBuy',
    title: 'Recurring buys',
    summary:
      '/recurring-buys: the customer’s plans, each with its next run and latest runs (bought, or skipped with the reason), paused, resumed or cancelled after a confirmation. A new plan: the fiat account that pays and the crypto account that receives, a fixed amount (positive, within the currency’s decimals, checked as typed), daily, weekly on a weekday or monthly on a day (29th–31st run on the last day of shorter months), in the customer’s time zone, with its first run shown as the server computes it. The server checks the plan (the accounts, at most 10 plans) before it asks for the `recurring_buy` step-up, which authorises every run; the plan is set up once (Idempotency-Key per plan as typed). Each run is a normal exchange in the activities.',
    routes: ['/recurring-buys'],
    machine: recurringBuyMachine,
  },
  {
    id: 'collateral',
    title: 'Add or withdraw collateral',
    summary:
      'The form of /card-accounts/collateral: choose add or withdraw, the crypto asset and the amount; after a pause in typing the server previews the loan-to-value and credit line the move would leave. A withdrawal that would leave more owed than the credit limit (50 % of the collateral) cannot be submitted, and the server refuses it again (with the loan-to-value) if the rates moved meanwhile; what was typed is kept on every failure.',
    routes: ['/card-accounts/collateral'],
    machine: collateralMachine,
  },
  {
    id: 'transfer',
    title: 'Transfer between fiat and crypto',
    summary:
      'The forms of /transfer/fiat-to-crypto and /transfer/crypto-to-fiat: choose the account to pay from and the one to receive in, type what to pay or what to get; after a pause in typing the server quotes the rate (0.5 % spread), the fee (0.1 %, at least 1 US dollar) and the other amount, firm for 30 seconds. The seconds count down on the screen and a fresh quote replaces the old one when they run out, also while the confirmation sheet is open; a quote the balance or what is left of the transfer limit does not allow cannot be confirmed. Confirming sends the quote id once (one Idempotency-Key per quote, kept across a reload); a quote the server finds over is replaced at once, and a confirmation without an answer can only be sent again as it was.',
    routes: ['/transfer/fiat-to-crypto', '/transfer/crypto-to-fiat'],
    machine: transferMachine,
  },
  {
    id: 'onChainDeposit',
    title: 'Top up on-chain',
    summary:
      'The deposit screen of /inject/crypto/on-chain/:iso: choose the network, the customer’s deposit address loads and is shown with its QR code, the minimum and the confirmations needed; a deposit seen on the chain shows as pending with its confirmations, then as credited once the watcher has paid it (the balances refresh). A deposit whose block left the chain is never credited: the address shows again with a notice.',
    routes: ['/inject/crypto/on-chain/:iso'],
    machine: onChainDepositMachine,
  },
  {
    id: 'depositLink',
    title: 'Ask to be paid from a wallet',
    summary:
      'Under the deposit address of /inject/crypto/on-chain/:iso: the customer enters an amount (positive, within the asset’s decimals, else nothing is sent) and gets the link /inject/crypto/on-chain/wallet/{hash} to copy or share; the page then shows what the link was paid (not yet, confirming, paid, underpaid with the remainder, overpaid). A refused or failed call keeps the amount.',
    routes: ['/inject/crypto/on-chain/:iso'],
    machine: depositLinkMachine,
  },
  {
    id: 'walletTopUp',
    title: 'Top up from a wallet',
    summary:
      'Under the deposit address of /inject/crypto/on-chain/:iso, once “Pay from a wallet” is chosen and the wallet is connected on the address’s chain: the customer enters an amount (positive and not below the deposit minimum, else it is said next to the field and nothing is sent), the wallet is asked to send it to the address (the coin, or the token’s transfer) and the hash of what it sent is shown; a refusal keeps the amount and the wallet block says why.',
    routes: ['/inject/crypto/on-chain/:iso'],
    machine: walletTopUpMachine,
  },
  {
    id: 'stepUp',
    title: 'Confirm it’s you (step-up)',
    summary:
      'The one step-up rule: before a sensitive action (adding or removing a passkey, setting, changing or removing the phone, changing the password; later withdrawals, card details, payment links) the customer proves it is them again, for that action. With a passkey the browser asks for it (a code remains the other way); without one a code goes by SMS to the confirmed phone, else by e-mail. The server’s grant lasts 5 minutes and serves only that action in that session. The flows that need it invoke it; it shows as a sheet over their page.',
    routes: ['/profile/security'],
    machine: stepUpMachine,
  },
  {
    id: 'changePassword',
    title: 'Change the password',
    summary:
      'The password section of /profile/security: confirm it is you (the step-up), then type the current password and a new one that meets the sign-up rule. Every other session is signed out (this one stays) and the e-mail is told. A wrong current password or a refused new one is said next to its field, keeping what was typed; when the step-up runs out meanwhile, it is asked again.',
    routes: ['/profile/security'],
    machine: changePasswordMachine,
  },
  {
    id: 'passkeySignIn',
    title: 'Sign in with a passkey',
    summary:
      'Beside the password form on /login and /welcome. Where the browser supports it, passkeys are offered in the e-mail field’s autofill as soon as the page opens; the “Sign in with a passkey” button runs the modal ceremony under the Biometric Authentication sheet. A cancelled or failed ceremony is logged and the form stays as typed, with “Authentication was not completed”; success sets the session cookies and opens the app like password sign-in.',
    routes: ['/login', '/welcome'],
    machine: passkeySignInMachine,
  },
  {
    id: 'biometric',
    title: 'Passkeys (biometric)',
    summary:
      'The passkeys section of /profile/security, with the seed’s “biometric” endpoints: the status; adding a passkey — the step-up (the customer’s passkey, or a code), a request that answers a single-use code token and the creation options (the e-mailed or SMS code only when the step-up ran out meanwhile), the passkey ceremony, the confirm; removing one passkey after a question in its row and the step-up; and removing all passkeys with a code. The token is cleared after each attempt; failures are logged and shown translated.',
    routes: ['/profile/security'],
    machine: biometricMachine,
  },
  {
    id: 'registration',
    title: 'Sign up',
    summary:
      'The sign-up wizard, one page per step: e-mail, Apple or Google; e-mail, password (each requirement shown as it is met), country and terms; an optional promo code; the 6-digit code e-mailed at sign-up, with a resend countdown; an optional passkey; success. Refused input is explained next to its field and nothing typed is lost. The URL drives the steps: Back and Forward follow it, a step not open yet shows the current one, and a reload resumes the step from this tab\u2019s session storage (never the password).',
    routes: ['/register', '/register/email', '/register/promo-code', '/register/verify-email', '/register/biometric', '/register/success'],
    machine: registrationMachine,
  },
  {
    id: 'forgotPassword',
    title: 'Forgot password',
    summary:
      'Reset on /forgot-password: the e-mail address (the server answers alike for every address), the 6-digit code e-mailed to it with a resend countdown, a new password with each requirement shown as it is met. A wrong, expired or used-up code sends the customer back to the code with the new password still typed. Success ends every session and refresh token and signs no one in: /login opens with "Password changed" and the address filled in, and the sign-in goes the normal way (the SMS code when a phone is confirmed).',
    routes: ['/forgot-password'],
    machine: forgotPasswordMachine,
  },
  {
    id: 'routeGuard',
    title: 'Route guard',
    summary:
      'Runs on every navigation in all eight languages: operator route rules may redirect (inside the app or to another site); wallet payment pages skip all checks; unknown paths and invalid parameters show a 404; signed-in visitors are kept off sign-in pages; signed-out visitors go to /welcome, or to login and back for payment links.',
    routes: [],
    machine: routeGuardMachine,
  },
  {
    id: 'language',
    title: 'Language',
    summary:
      'The interface language comes from the path, then from the i18n_redirected cookie, then from the signed-in customer’s saved language. Choosing a language moves the URL prefix, remembers it in the cookie and saves it on the server.',
    routes: ['/profile/language'],
    machine: languageMachine,
  },
  {
    id: 'versionReload',
    title: 'New version reload',
    summary:
      'Every five minutes the app asks for builds/latest.json. When a newer build is out, the next navigation loads the page afresh so the customer runs the new release without losing what is on screen now.',
    routes: [],
    machine: versionReloadMachine,
  },
  {
    id: 'chunkReload',
    title: 'Screen load failure',
    summary:
      'When a screen’s code fails to load, the target page is reloaded once. A second failure within 10 seconds shows the error page instead of reloading in a loop.',
    routes: [],
    machine: chunkReloadMachine,
  },
  {
    id: 'invite',
    title: 'Share the invitation link',
    summary:
      'The Share and Copy buttons of /profile/invite: the device’s share sheet where there is one, else — or when the sheet fails — the link is copied; closing the sheet says nothing, a refused clipboard leaves the link to select by hand.',
    routes: ['/profile/invite'],
    machine: inviteMachine,
  },
  {
    id: 'onboarding',
    title: 'Intro after sign-up',
    summary:
      'The carousel of /onboarding/intro, where the end of sign-up leads: three slides (swipe, arrow keys, dots, Back and Next), Skip at any time. Finishing or skipping saves “seen” on the server, so neither this nor another device shows it again, and goes on to /onboarding/push-notifications (seen before: straight home); a failed save says so and offers Try again.',
    routes: ['/onboarding/intro'],
    machine: onboardingMachine,
  },
  {
    id: 'push',
    title: 'Push notifications',
    summary:
      'The page /onboarding/push-notifications: it explains what notifications tell, asks the browser for permission and subscribes this device (standard Web Push through the service worker, or the push SDK the server’s runtime configuration names). Allowed before: it makes sure the device is subscribed; blocked before: how to allow it in the browser. Push off, unsupported, or an SDK that did not load: quietly home.',
    routes: ['/onboarding/push-notifications'],
    machine: pushMachine,
  },
  {
    id: 'chat',
    title: 'Chat on the help page',
    summary:
      'The chat section of /help: the third-party web-chat widget when the server’s runtime configuration names one (script URL and site id), its script loaded only when the customer opens chat, in the page’s language. No widget, a configuration that cannot be read, or a script that does not load: the support e-mail address instead.',
    routes: ['/help'],
    machine: chatMachine,
  },
  {
    id: 'kyc',
    title: 'Identity check (KYC)',
    summary:
      'The /kyc overview: the four steps (document, phone, questionnaire, signature) with their status and the overall one (not started, in progress, submitted, approved, rejected with the reason, a step asked for again). The server keeps the draft, so a reload or another device continues where the customer left off. Once every step is done the customer submits for review; a refused submission reads the draft again and says why.',
    routes: ['/kyc'],
    machine: kycMachine,
  },
  {
    id: 'kycQuestionnaire',
    title: 'KYC questionnaire',
    summary:
      'The questionnaire of the identity check (/kyc/questionnaire): occupation, source of funds, expected monthly volume, politically exposed person and tax residence, each answer deciding which questions follow (an employer, a word on other funds, the purpose of a large volume, the public role, a US tax number). The contract’s schema checks it in the browser and again on the server; a changed answer drops the follow-ups it no longer asks. Saved to the draft, and open to changes until the check is submitted.',
    routes: ['/kyc/questionnaire'],
    machine: kycQuestionnaireMachine,
  },
  {
    id: 'kycSignature',
    title: 'KYC signature',
    summary:
      'The signature of the identity check (/kyc/signature): the customer signs the current terms on a pad with a finger, a pen or the mouse, undoing the last stroke or clearing. Fewer than two drawn strokes is refused here and by the server, which keeps the picture with the time and the version of the terms; it may be signed again until the check is submitted.',
    routes: ['/kyc/signature'],
    machine: kycSignatureMachine,
  },
  {
    id: 'kycDocument',
    title: 'KYC document capture',
    summary:
      'The identity document of the check (/kyc/document): the legal first and last name and the date of birth as the document shows them (the shared name rule; an adult, born at most 120 years ago), asked again of a check started before they were, its type and issuing country, then each side the type has (a passport only its front) by the camera or a file, looked at before it is sent and retaken at will. When the camera is refused or absent, the upload is what is left. The server reads the file type from the bytes, refuses PDFs with JavaScript and files over 10 MiB, and strips image metadata.',
    routes: ['/kyc/document'],
    machine: kycDocumentMachine,
  },
  {
    id: 'fiatTopUp',
    title: 'Top up by bank transfer',
    summary:
      'The bank details a customer pays into from their own bank: the IBAN of each fiat account, Meridian’s BIC, the name and the personal payment reference that matches an incoming transfer to them, each with a copy button, and a print view. A customer without a name yet is asked for it there (never shown their e-mail address as the holder). A transfer whose reference names nobody is held for an admin’s review on /simulate/admin.',
    routes: ['/inject/fiat'],
    machine: fiatTopUpMachine,
  },
  {
    id: 'payByCode',
    title: 'Pay by code',
    summary:
      'Redeeming a voucher code of 16 Crockford base32 characters whose last is a check character: the form catches a typo before sending; the server credits the amount once (also when two taps or two customers race), or says the code is unknown, used or expired; after five refused codes in 15 minutes per customer or address it answers rate_limited and the form says when to try again.',
    routes: ['/inject/pay-by-code'],
    machine: payByCodeMachine,
  },
  {
    id: 'wallet',
    title: 'Browser wallet',
    summary:
      'A crypto wallet in the browser (an injected wallet found through EIP-6963, or MetaMask’s SDK): it starts when a wallet page first opens, or at page load when the last visit left a wallet connected, and reconnects the most recently used wallet still authorised. It follows the accounts and chain the wallet reports (no account left disconnects), switches only to the configured chains (asking the wallet to add one it does not know; a refusal is a rejection), checks a transaction before the wallet sends it, and on disconnect flags the injected wallet so it is not reconnected by itself.',
    routes: ['/inject/crypto/on-chain/wallet/:hash'],
    machine: walletMachine,
  },
  {
    id: 'updateName',
    title: 'Change the name',
    summary:
      'The name on /profile/details, one use of the write machine: both fields checked on the page (required, at most 100 characters, no control or invisible characters), then saved once; the page says it is saved. Once the identity check is under review or approved the server refuses it (name_locked) and the page shows the name read-only. A refusal keeps what was typed.',
    routes: ['/profile/details'],
    machine: updateNameMachine,
  },
  {
    id: 'openCardAccount',
    title: 'Open a card account',
    summary:
      'The customer without a card account opens one on /card-accounts, one use of the write machine: one press, sent once (a second call answers the same account); the new account becomes the chosen one and the list shows it. A failure says why and the button stays for a retry.',
    routes: ['/card-accounts'],
    machine: openCardAccountMachine,
  },
  {
    id: 'renamePasskey',
    title: 'Rename a passkey',
    summary:
      'Renaming one passkey on /profile/security, one use of the write machine: the name checked on the page (required, at most 64 characters), then saved once; the form closes and the list shows the new name. A failure says so and keeps what was typed.',
    routes: ['/profile/security'],
    machine: renamePasskeyMachine,
  },
  {
    id: 'endSessions',
    title: 'Sign out other devices',
    summary:
      'Signing out one other device, or all the others, from the signed-in devices on /profile/security, one use of the write machine: the pressed button is busy while it runs, the list and the security activity are read again afterwards, and a failure says so.',
    routes: ['/profile/security'],
    machine: endSessionsMachine,
  },
  {
    id: 'signOutEverywhere',
    title: 'Sign out everywhere',
    summary:
      'Signing out on every device, this one included, on /profile/security, one use of the write machine that asks first: the customer confirms or cancels; once done the session ends here and the welcome page opens. A failure says so and nothing changes.',
    routes: ['/profile/security'],
    machine: signOutEverywhereMachine,
  },
  {
    id: 'markNotificationsRead',
    title: 'Mark notifications read',
    summary:
      'Opening /notifications with unread ones marks them read up to the newest shown, one use of the write machine: the bell’s count goes to zero while the rows keep their New mark for this visit. A failure leaves the count; the next visit tries again.',
    routes: ['/notifications'],
    machine: markNotificationsReadMachine,
  },
  {
    id: 'campaignTags',
    title: 'Campaign tags',
    summary:
      'The utm_* tags of a landing address, reported once per distinct set of tags, one use of the write machine started at page load: a set counts as sent only once the server accepted it, so a failed report is tried again at a later landing with the same tags; nothing shows to the customer.',
    routes: ['/welcome'],
    machine: campaignTagsMachine,
  },
  {
    id: 'openAccount',
    title: 'Open an account',
    summary:
      'A fiat or crypto account in a currency the customer does not hold, one use of the write machine: on /accounts (then its page opens) and on /transfer when one side is missing (then the transfer goes on). Sent once per intent with an Idempotency-Key; another currency is another intent. A failure says why and keeps the choice.',
    routes: ['/accounts', '/transfer/fiat-to-crypto', '/transfer/crypto-to-fiat'],
    machine: openAccountMachine,
  },
  {
    id: 'issueCard',
    title: 'Add a card',
    summary:
      'A virtual card (active at once) or a physical one (ordered) on /card-accounts/cards, one use of the write machine: the button is busy while it is sent and the Idempotency-Key makes a double tap one card. A refusal (the most cards already) or a lost connection is said, and the buttons stay.',
    routes: ['/card-accounts/cards'],
    machine: issueCardMachine,
  },
  {
    id: 'activateCard',
    title: 'Activate a card',
    summary:
      'A physical card that has arrived (shipped) is activated on /card-accounts/cards, one use of the write machine; a refusal (not shipped yet) or a lost connection is said beside the button.',
    routes: ['/card-accounts/cards'],
    machine: activateCardMachine,
  },
  {
    id: 'repayCardDebt',
    title: 'Repay card debt',
    summary:
      'Card debt repaid from a euro account on /card-accounts/:id, one use of the write machine: money, so one Idempotency-Key per intent, kept across retries and new when the amount or account changes. Done, the balances and credit line are read again and the form empties; a refusal is said under the amount.',
    routes: ['/card-accounts/:id'],
    machine: repayCardDebtMachine,
  },
  {
    id: 'payLinkList',
    title: 'Follow my payment requests',
    summary:
      'The requester’s list on /pay, one use of the follow machine: read again every 5 s while the page is open (never while a session cookie is gone), so a request someone paid shows “Paid” and no longer offers “Cancel request” without a reload.',
    routes: ['/pay'],
    machine: payLinkListMachine,
  },
  {
    id: 'walletPayLink',
    title: 'Follow a wallet payment link',
    summary:
      'The deposit link on /inject/crypto/on-chain/wallet/{hash}, one use of the follow machine: open to anyone with the link, read again every 4 s until it is paid in full or more, so the payer sees it confirming, underpaid or paid without a reload; then no more reads.',
    routes: ['/inject/crypto/on-chain/wallet/:hash'],
    machine: walletPayLinkMachine,
  },
  {
    id: 'depositLinkPaid',
    title: 'Follow my deposit link',
    summary:
      'The deposit link the customer just made under the deposit address of /inject/crypto/on-chain/:iso, one use of the follow machine: read again every 4 s while the session lasts (never while a session cookie is gone) until it is paid in full or more, so the customer sees what it was paid.',
    routes: ['/inject/crypto/on-chain/:iso'],
    machine: depositLinkPaidMachine,
  },
  {
    id: 'decideKyc',
    title: 'Decide an identity check',
    summary:
      'An admin decides a submitted identity check on /simulate/admin, one use of the write machine: beside the legal name, date of birth and a preview of the document, approve (refused while the check has no legal name), ask for one step again or reject, the last two with a reason for the customer; sent once. The page says what was decided; the queue, the customers and the audit log are read again.',
    routes: ['/simulate/admin'],
    machine: decideKycMachine,
  },
  {
    id: 'notificationsBell',
    title: 'Follow my notifications',
    summary:
      'The unread count on the bell of the signed-in layout, one use of the follow machine: the bell reads it when the page opens, then it is read again every minute while the page is open (never while a session cookie is gone), so a notification that came without a push shows on the bell without a reload.',
    routes: ['/', '/notifications'],
    machine: notificationsBellMachine,
  },
  {
    id: 'simulateBankTransfer',
    title: 'Receive a test bank transfer',
    summary:
      'Demo mode, on /simulate, one use of the write machine: a bank transfer from someone else arrives in a fiat currency with the sender’s name and reference (the customer’s own reference filled in) and the amount, sent once per intent with an Idempotency-Key. The customer’s own reference credits them at once, any other is held for the admins’ review; a toast says which, and the balances, the simulation’s accounts and the activity are read again.',
    routes: ['/simulate'],
    machine: simulateBankTransferMachine,
  },
  {
    id: 'simulatePayoutReturn',
    title: 'Have a test bank payout returned',
    summary:
      'Demo mode, on /simulate, one use of the write machine: the recipient’s bank returns one of the customer’s payouts not yet returned with a SEPA reason (wrong account number, account closed…), sent once per intent with an Idempotency-Key. The whole amount, fee included, comes back in one compensating ledger transaction; a toast says so, the balances and the activity are read again, and the payout’s activity shows the bank’s reason.',
    routes: ['/simulate'],
    machine: simulatePayoutReturnMachine,
  },
  {
    id: 'simulateCryptoDeposit',
    title: 'Receive test coins',
    summary:
      'Demo mode, on /simulate, one use of the write machine: coins arrive in one of the customer’s crypto accounts over one of its asset’s networks, within the customer’s limits, sent once per intent with an Idempotency-Key. A toast says the balance after them; the balances, the simulation’s accounts and the activity are read again.',
    routes: ['/simulate'],
    machine: simulateCryptoDepositMachine,
  },
  {
    id: 'simulateCardPayment',
    title: 'Pay with a card at a test merchant',
    summary:
      'Demo mode, on /simulate, one use of the write machine: a merchant charges one of the customer’s cards online, in a shop or contactless, sent once per intent with an Idempotency-Key. The card network applies the freeze, the channel switches, the limits and the available credit: the page says approved, what was paid and what is left, with a link to the card account’s activity, or declined and why.',
    routes: ['/simulate'],
    machine: simulateCardPaymentMachine,
  },
  {
    id: 'adjustAccount',
    title: 'Credit or debit a customer',
    summary:
      'An admin, on /simulate/admin in demo mode, one use of the write machine: credits or debits one of a customer’s accounts with a reason for the audit log, sent once per intent with an Idempotency-Key. A toast says the balance after it and the form is emptied; the customers, the audit log and the simulation’s accounts are read again.',
    routes: ['/simulate/admin'],
    machine: adjustAccountMachine,
  },
  {
    id: 'setRates',
    title: 'Move a rate',
    summary:
      'An admin, on /simulate/admin, one use of the write machine: fixes an asset’s price in US dollars as of now, for demonstrations. A toast says it is set; the audit log is read again.',
    routes: ['/simulate/admin'],
    machine: setRatesMachine,
  },
  {
    id: 'reviewHeldTransfer',
    title: 'Assign or return a held bank transfer',
    summary:
      'An admin, on /simulate/admin, one use of the write machine per held transfer: assigns it to a customer by e-mail or returns it to the sender, each with a reason for the audit log, sent once per intent with an Idempotency-Key. A toast says what was done; the held list and the audit log are read again.',
    routes: ['/simulate/admin'],
    machine: reviewHeldTransferMachine,
  },
  {
    id: 'createVoucher',
    title: 'Create a voucher code',
    summary:
      'An admin, on /simulate/admin, one use of the write machine: an amount of an asset, valid through a chosen day. The code is shown this once (the server keeps only its hash) and stays until the next is asked for; the amount is emptied for the next, and the audit log is read again.',
    routes: ['/simulate/admin'],
    machine: createVoucherMachine,
  },
  {
    id: 'reportWalletPayment',
    title: 'Report a wallet payment',
    summary:
      'On the public page /inject/crypto/on-chain/wallet/{hash}, one use of the write machine: once the payer’s wallet sent the payment, the page tells the link which transaction paid it, once per transaction (reporting it again changes nothing), so the watcher counts it for the link. The page shows the link as the answer says it; a refusal is said under the transaction.',
    routes: ['/inject/crypto/on-chain/wallet/:hash'],
    machine: reportWalletPaymentMachine,
  },
  {
    id: 'walletConfirmations',
    title: 'Follow a wallet payment’s confirmations',
    summary:
      'On /inject/crypto/on-chain/wallet/{hash}, one use of the follow machine: once the payer’s wallet sent the payment, its confirmations are read from the chain’s node every 4 s (with or without a session: the page is open to anyone) until its chain’s required depth, so the page counts them up to “Confirmed”; then no more reads.',
    routes: ['/inject/crypto/on-chain/wallet/:hash'],
    machine: walletConfirmationsMachine,
  },
  {
    id: 'acceptTerms',
    title: 'Accept new account terms',
    summary:
      'Over any page: a money call refused with terms_not_accepted (the customer accepted an older version of the account terms) opens “New account terms”, with links to the terms and the privacy notice. “Accept and continue” saves the version in force (POST /users/accept-terms) and the refused call goes again with the same Idempotency-Key; “Not now” leaves it refused, the page says why, and the next money call asks again. A failed acceptance is said in the dialog, which stays for a retry.',
    routes: [],
    machine: acceptTermsMachine,
  },
  {
    id: 'sendMoney',
    title: 'Send money to a customer',
    summary:
      '/send: an e-mail address or phone number (a number without + read in the customer’s country), or a recent contact (most recent first, searched by name); the account and the amount, more than its balance refused as it is typed. The review names the recipient masked (“Dana D.”, asked of the server, which tells only identity-checked senders, a limited number of times a day; once they are used up the review shows the address alone) or says that an address of no customer is invited and the money waits 14 days for them, then comes back. Confirming sends once (Idempotency-Key), with the step-up for `send` when the server asks for it (above 250 US dollars); the receipt says sent, partly held until the receiver’s level allows it, or waiting for the invitee.',
    routes: ['/send'],
    machine: sendMoneyMachine,
  },
  {
    id: 'moneyRequests',
    title: 'Request money, pay or decline requests',
    summary:
      '/send/requests: ask a customer for an amount by address (refused when no customer has it); the requests both ways, newest first, with the other’s name. The payer, told in notifications, pays one from their account in its asset (once, Idempotency-Key; the step-up for `send` when the server asks, above 250 US dollars) or declines it; the requester cancels an open one or reminds the payer, which the server allows once a day (a reminder too soon is said, with when it can go).',
    routes: ['/send/requests'],
    machine: moneyRequestsMachine,
  },
  {
    id: 'priceAlerts',
    title: 'Price alerts',
    summary:
      '/alerts: alerts on a crypto asset’s US-dollar price — above or below a price, or a move of more than a percent (1 to 100) in 24 hours — beside its current price. The figure is judged as typed with the contract’s schema; a 21st alert is refused before asking (the server refuses it too). A refusal or a lost answer keeps what was typed. Each alert shows whether it is watching or fired (and when); the server’s job fires it once per crossing with a push and an in-app notification, which leads here, and re-arms it once the price moved back by a margin. Removing one asks first.',
    routes: ['/alerts'],
    machine: priceAlertsMachine,
  },
];
