export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, options: { maxAgeDays?: number } = {}): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = options.maxAgeDays === undefined ? '' : `; Max-Age=${options.maxAgeDays * 24 * 60 * 60}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${maxAge}${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
