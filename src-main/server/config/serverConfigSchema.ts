/**
 * The team server's configuration file (docs/team-server.md, "Configuration reference"): its structure,
 * checked with zod when the server starts. JSON, because the server reads it with no parser of its own to
 * trust, zod checks it as it is, and every problem names its field by its path in the file. What needs the
 * file system or several fields together (plain HTTP on a reachable address, secret files' modes) is checked
 * in loadServerConfig.ts. Custom messages here are catalogue keys, worded by configIssues.ts.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import type { MessageKey } from '../../shared/i18n';
import { CRM_EDIT_POLICIES, DEFAULT_CRM_EDIT_POLICY } from '../policy/commandPolicy';

export const DEFAULT_SERVER_PORT = 47400;
export const DEFAULT_IDLE_HOURS = 12;
export const DEFAULT_ABSOLUTE_DAYS = 7;

/** A message key as a custom issue's message. */
const say = (key: MessageKey) => ({ message: key });

const FilePath = z.string().trim().min(1).max(4096);
const Text = z.string().trim().min(1).max(256);
const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

const HttpsUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((text) => URL.canParse(text), say('serverConfig.notUrl'))
  .refine((text) => !URL.canParse(text) || new URL(text).protocol === 'https:', say('serverConfig.notHttps'));

const HttpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (text) => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol),
    say('serverConfig.notUrl'),
  );

/** An IP address, or a range as `address/bits`. */
export function isAddressOrRange(text: string): boolean {
  const [address = '', bits, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

export const ServerConfigSchema = z.strictObject({
  listen: z
    .strictObject({
      host: Text.default('127.0.0.1'),
      port: z.number().int().min(0).max(65_535).default(DEFAULT_SERVER_PORT),
    })
    .prefault({}),
  /** The address agents open, e.g. `https://ringside.example.com`; derived for a loopback listener. */
  publicUrl: HttpUrl.optional(),
  tls: z.strictObject({ certFile: FilePath, keyFile: FilePath }).optional(),
  /** Addresses or CIDR ranges of the TLS-terminating proxies in front of the server. */
  trustProxy: z
    .array(z.string().trim().refine(isAddressOrRange, say('serverConfig.notAddress')))
    .min(1)
    .max(64)
    .optional(),
  /** Absent: the embedded demo PBX. */
  pbx: z
    .strictObject({
      baseUrl: HttpsUrl,
      clientId: Text,
      /** A file holding the client secret, 0600; or the secret in RINGSIDE_PBX_SECRET. */
      secretFile: FilePath.optional(),
      trustedCertificateFile: FilePath.optional(),
    })
    .optional(),
  dataDirectory: FilePath,
  oidc: z
    .strictObject({
      issuer: HttpsUrl,
      clientId: Text,
      clientSecretFile: FilePath,
      claim: z.enum(['preferred_username', 'email']).default('preferred_username'),
    })
    .optional(),
  admins: z
    .strictObject({
      usernames: z.array(Text).max(1000).default([]),
      pbxGroupIds: z.array(Id).max(1000).default([]),
      pbxRoleIds: z.array(Id).max(1000).default([]),
    })
    .prefault({}),
  crmEdits: z.enum(CRM_EDIT_POLICIES).default(DEFAULT_CRM_EDIT_POLICY),
  sessions: z
    .strictObject({
      /** Signed out after this long without a command. */
      idleHours: z
        .number()
        .min(0.25)
        .max(24 * 30)
        .default(DEFAULT_IDLE_HOURS),
      /** Signed out this long after signing in, whatever happens. */
      absoluteDays: z.number().min(1).max(365).default(DEFAULT_ABSOLUTE_DAYS),
    })
    .prefault({}),
  /** Keep each agent's call monitor (and so their history) running while they are signed out. */
  monitorWhileSignedOut: z.boolean().default(true),
  /** PBX user name → the extension the server uses as their phone, where the PBX user's own is not it. */
  phoneOverrides: z
    .record(
      Text,
      z
        .string()
        .trim()
        .regex(/^\d{1,15}$/, say('serverConfig.notExtension')),
    )
    .default({}),
});

export type ServerConfigFile = z.input<typeof ServerConfigSchema>;
export type ServerConfigFields = z.output<typeof ServerConfigSchema>;
