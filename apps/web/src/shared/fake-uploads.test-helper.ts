/**
 * Tests only: an XMLHttpRequest stand-in that records each upload (address, form) and lets the test report
 * progress and answer it. Install with `vi.stubGlobal('XMLHttpRequest', uploads.constructorFn)`.
 */
export type FakeUpload = {
  url: string;
  headers: Record<string, string>;
  form: FormData | null;
  progress: (fraction: number) => void;
  respond: (status: number, body: unknown) => void;
  /** Answers as the server refuses an upload: the error body with the key at the field `file`. */
  refuse: (status: number, key: string) => void;
};

export class FakeUploads {
  readonly requests: FakeUpload[] = [];

  get constructorFn() {
    const requests = this.requests;
    return class {
      status = 0;
      responseText = '';
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private url = '';
      private headers: Record<string, string> = {};
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      abort() {
        this.onabort?.();
      }
      private answer(status: number, body: unknown) {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }
      send(body: FormData) {
        requests.push({
          url: this.url,
          headers: this.headers,
          form: body,
          progress: (fraction) =>
            this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 }),
          respond: (status, answer) => this.answer(status, answer),
          refuse: (status, key) =>
            this.answer(status, {
              statusCode: status,
              error: 'Refused',
              message: key,
              key: status === 413 ? key : 'error.badRequest',
              errors: [{ field: 'file', key, message: key }],
            }),
        });
      }
    };
  }
}
