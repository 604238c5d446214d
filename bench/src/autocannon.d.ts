/** The part of autocannon 9 the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

  export type Client = {
    on(event: 'response', listener: (statusCode: number, bytes: number, responseTime: number) => void): Client;
  };

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  };

  export type Result = {
    /** Seconds the run took. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    totalCompletedRequests: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export type Instance = PromiseLike<Result> & { stop?: () => void };

  export default function autocannon(options: Options): Instance;
}
