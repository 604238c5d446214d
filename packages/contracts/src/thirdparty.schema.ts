import { z } from 'zod';

/**
 * Third-party services (issue #18 item 4, docs/adr/0033): the credentials and settings of every outside service in
 * one place (/basedata/thirdparty). Passwords and keys (`secret` fields) are stored encrypted and never answered:
 * an answer says whether one is set and, for long ones, its last four characters.
 */
export const THIRD_PARTY_PROVIDERS = [
  'smtp',
  'imap',
  'push',
  'maps',
  'adobeStock',
  'ratio',
  'kuschick',
  'insurer',
  'facebook',
] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];
export const ZThirdPartyProvider = z.enum(THIRD_PARTY_PROVIDERS);

export type ThirdPartyFieldKind = 'text' | 'url' | 'number' | 'flag' | 'secret';
export type ThirdPartyFieldDef = { readonly name: string; readonly kind: ThirdPartyFieldKind };

/** Each service's fields, in the order the screen shows them. */
export const THIRD_PARTY_FIELDS = {
  smtp: [
    { name: 'host', kind: 'text' },
    { name: 'port', kind: 'number' },
    { name: 'secure', kind: 'flag' },
    { name: 'ignoreTls', kind: 'flag' },
    { name: 'user', kind: 'text' },
    { name: 'password', kind: 'secret' },
    { name: 'from', kind: 'text' },
  ],
  imap: [
    { name: 'host', kind: 'text' },
    { name: 'port', kind: 'number' },
    { name: 'secure', kind: 'flag' },
    { name: 'user', kind: 'text' },
    { name: 'password', kind: 'secret' },
  ],
  push: [
    { name: 'publicKey', kind: 'text' },
    { name: 'privateKey', kind: 'secret' },
    { name: 'subject', kind: 'text' },
  ],
  maps: [{ name: 'tileUrl', kind: 'url' }],
  adobeStock: [
    { name: 'url', kind: 'url' },
    { name: 'apiKey', kind: 'secret' },
    { name: 'accessToken', kind: 'secret' },
    { name: 'product', kind: 'text' },
  ],
  ratio: [
    { name: 'url', kind: 'url' },
    { name: 'apiKey', kind: 'secret' },
  ],
  kuschick: [
    { name: 'url', kind: 'url' },
    { name: 'apiKey', kind: 'secret' },
  ],
  insurer: [
    { name: 'url', kind: 'url' },
    { name: 'agencyNumber', kind: 'text' },
    { name: 'apiKey', kind: 'secret' },
  ],
  facebook: [
    { name: 'graphUrl', kind: 'url' },
    { name: 'pageId', kind: 'text' },
    { name: 'accessToken', kind: 'secret' },
  ],
} as const satisfies Record<ThirdPartyProvider, readonly ThirdPartyFieldDef[]>;

type FieldsOf<P extends ThirdPartyProvider> = (typeof THIRD_PARTY_FIELDS)[P][number];
type ValueOf<K extends ThirdPartyFieldKind> = K extends 'number'
  ? number | null
  : K extends 'flag'
    ? boolean
    : string | null;

/** A service's effective settings as features read them (stored values over the environment's), secrets in clear. */
export type ThirdPartyConfig<P extends ThirdPartyProvider> = {
  [F in FieldsOf<P> as F['name']]: ValueOf<F['kind']>;
};

export const ZThirdPartyField = z.object({
  name: z.string(),
  kind: z.enum(['text', 'url', 'number', 'flag', 'secret']),
  /** The value; always null for a secret */
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  /** Where the value comes from: stored on the screen, the server's environment, or nowhere */
  source: z.enum(['stored', 'env', 'none']),
  /** For a secret: whether one is set */
  set: z.boolean(),
  /** For a long secret: its last four characters (`…a1b2`); null otherwise */
  hint: z.string().nullable(),
});
export type ThirdPartyField = z.infer<typeof ZThirdPartyField>;

export const ZThirdPartyService = z.object({
  provider: ZThirdPartyProvider,
  /** Every field the service needs to work has a value */
  configured: z.boolean(),
  fields: z.array(ZThirdPartyField),
  updatedAt: z.string().nullable(),
});
export type ThirdPartyService = z.infer<typeof ZThirdPartyService>;

export const ZThirdPartyList = z.object({ data: z.array(ZThirdPartyService) });
export type ThirdPartyList = z.infer<typeof ZThirdPartyList>;

export const ZThirdPartyParams = z.object({ provider: ZThirdPartyProvider });

const ZPlainValue = z.union([z.string().max(2000), z.number(), z.boolean()]).nullable();

/**
 * A change of a service: `values` sets plain fields (null: back to the environment's value); `secrets` sets a
 * secret (a string), removes it (null) or, when left out, keeps the stored one.
 */
export const ZThirdPartyUpdateBody = z.object({
  values: z.record(z.string().max(40), ZPlainValue).default({}),
  secrets: z.record(z.string().max(40), z.string().max(4000).nullable()).default({}),
});
export type ThirdPartyUpdateBody = z.infer<typeof ZThirdPartyUpdateBody>;

/** "Verbindung testen": optionally with values typed but not yet saved (same shape as a change). */
export const ZThirdPartyTestBody = ZThirdPartyUpdateBody.partial().default({});
export type ThirdPartyTestBody = z.infer<typeof ZThirdPartyTestBody>;

export const THIRD_PARTY_TEST_OUTCOMES = [
  'ok',
  'incomplete',
  'invalid',
  'unreachable',
  'timeout',
  'tls',
  'authFailed',
  'httpStatus',
  'keyMismatch',
  'failed',
] as const;
export type ThirdPartyTestOutcome = (typeof THIRD_PARTY_TEST_OUTCOMES)[number];

export const ZThirdPartyTestResult = z.object({
  provider: ZThirdPartyProvider,
  ok: z.boolean(),
  /** What happened, translated by the screen (`thirdparty.test.<outcome>`) */
  outcome: z.enum(THIRD_PARTY_TEST_OUTCOMES),
  /** The other side's own words (no secret ever: they are blanked out), e.g. "535 Authentication failed" */
  detail: z.string().nullable(),
  durationMs: z.number(),
});
export type ThirdPartyTestResult = z.infer<typeof ZThirdPartyTestResult>;
