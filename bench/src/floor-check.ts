/** What run.ts checks and measures around the floor: identical answers, and the memory of both servers. */
import { readFileSync } from 'node:fs';
import type { Account, Scenario } from './scenarios.ts';

/** Every path of the scenarios answers the same bytes and headers from the project's server and from the floor. */
export async function sameAnswers(
  project: string,
  floor: string,
  scenarios: readonly Scenario[],
  tokens: Partial<Record<Account, string>>,
): Promise<void> {
  for (const scenario of scenarios) {
    if (scenario.account === null) throw new Error(`${scenario.name}: the floor answers only logged-in lists`);
    const token = tokens[scenario.account]!;
    // Uncompressed, as the load generator asks (fetch would ask for gzip, which the floor does not speak).
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
    // Both check the token's signature: one with the signature's first character changed is refused by both.
    const start = token.lastIndexOf('.') + 1;
    const forged = `Bearer ${token.slice(0, start)}${token[start] === 'A' ? 'B' : 'A'}${token.slice(start + 1)}`;
    const refused = await Promise.all(
      [project, floor].map(
        async (base) => (await fetch(base + scenario.paths[0], { headers: { authorization: forged } })).status,
      ),
    );
    if (refused.some((status) => status !== 401)) {
      throw new Error(`${scenario.name}: a forged token answers ${refused.join(' (server), ')} (floor) instead of 401`);
    }
    for (const path of scenario.paths) {
      const answers = await Promise.all(
        [project, floor].map(async (base) => {
          const response = await fetch(base + path, { headers });
          return [await response.text(), answerHeaders(response.headers)] as const;
        }),
      );
      const [[mine, myHeaders], [bare, bareHeaders]] = answers as [(typeof answers)[0], (typeof answers)[0]];
      if (myHeaders !== bareHeaders) {
        throw new Error(
          `${scenario.name}: the floor's headers for ${path} differ from the server's:\n  server: ${myHeaders}\n  floor:  ${bareHeaders}`,
        );
      }
      if (mine !== bare) {
        const at = [...mine!].findIndex((char, index) => char !== bare![index]);
        throw new Error(
          `${scenario.name}: the floor answers ${path} differently from the server at character ${at}:\n` +
            `  server: …${mine!.slice(Math.max(0, at - 80), at + 80)}…\n  floor:  …${bare!.slice(Math.max(0, at - 80), at + 80)}…`,
        );
      }
    }
  }
}

/** The headers of an answer but those of the connection and the clock, in a comparable form. */
const answerHeaders = (headers: Headers) =>
  [...headers]
    .filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name))
    .map(([name, value]) => `${name}: ${value}`)
    .sort()
    .join(' | ');

export type MemoryReport = Record<'project' | 'floor', { idleMb: number | null; peakMb?: number | null }>;

/** A field of /proc/<pid>/status in MB (Linux), null elsewhere. */
function statusMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (pid === undefined) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field}:`));
    return line ? Math.round(Number(line.replace(/\D/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

/** The resident set now, and the highest it reached since the process started. */
export const rssMb = (pid: number | undefined) => statusMb(pid, 'VmRSS');
export const peakRssMb = (pid: number | undefined) => statusMb(pid, 'VmHWM');
