import { Lru } from 'toad-cache';

/** How long a verified token is reused at most before its signature is checked again (fast-jwt's default). */
const REVERIFY_AFTER_MS = 10 * 60_000;

/**
 * `verify` (fast-jwt's verifier, without its cache) with a cache of the tokens it accepted, keyed by the token
 * itself, each reused until its `exp` and for ten minutes at most; the least recently used go first beyond `size`.
 * fast-jwt's own cache keys by a SHA-256 of the token, which cost about as much as the HS256 check it saves
 * (bench/README.md, "4 December 2026 (twenty-ninth session)"). The token as its own key cannot collide with
 * another, and keeping it in memory reveals nothing this process does not hold anyway: it holds the signing key.
 * Refused tokens are not kept (each is checked again).
 */
export function rememberingVerifier<Payload extends { exp?: number }>(
  verify: (token: string) => Payload,
  size: number,
  now: () => number = () => Date.now(),
): (token: string) => Payload {
  const verified = new Lru<{ payload: Payload; reuseUntil: number }>(size);
  return (token) => {
    const known = verified.get(token);
    const at = now();
    if (known && known.reuseUntil > at) return known.payload;
    const payload = verify(token);
    const reuseUntil = Math.min(at + REVERIFY_AFTER_MS, (payload.exp ?? 0) * 1000);
    verified.set(token, { payload, reuseUntil });
    return payload;
  };
}
