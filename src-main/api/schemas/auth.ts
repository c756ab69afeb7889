/** The OAuth 2.0 client-credentials token endpoint and its error bodies (docs/pbx-api.md, Authentication). */
import { z } from 'zod';

export const TokenRequest = z.object({
  client_id: z.string().min(1, 'client_id is required'),
  client_secret: z.string().min(1, 'client_secret is required'),
  grant_type: z.string().min(1, 'grant_type is required'),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  /** Seconds, sent as a string by the PBX; the client also accepts a number. */
  expires_in: z.union([z.string(), z.number()]),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const OAuthError = z.looseObject({
  error: z.enum(['invalid_request', 'invalid_client']).or(z.string()),
  error_description: z.string().optional(),
  error_uri: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthError>;
