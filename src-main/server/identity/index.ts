/** Identity and sessions of the team server: what its composition root and its other routes use. */
export { openIdentityDatabase, IDENTITY_FILE_NAME } from './identityDatabase';
export { SessionStore, DEFAULT_SESSION_LIFETIMES } from './sessionStore';
export type { Session, SessionEnded, SessionLifetimes, SignInMethod } from './sessionStore';
export { EnrollmentLinks, DEFAULT_ENROLLMENT_LIFETIME_MS } from './enrollmentLinks';
export type { EnrollmentLink, Redemption } from './enrollmentLinks';
export { OidcSignIn } from './oidcSignIn';
export type { AgentIdentity, AgentResolver, IdentityClaim, OidcConfig } from './oidcSignIn';
export { pbxUsernameResolver } from './pbxUserResolver';
export { cookieSettingsFor, sessionReader } from './sessionCookies';
export type { CookieSettings } from './sessionCookies';
export { signInRoutes, DEFAULT_SIGN_IN_RATE_LIMITS } from './signInRoutes';
export type { SignInRateLimits, SignInRoutesOptions } from './signInRoutes';
