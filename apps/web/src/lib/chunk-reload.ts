const RELOAD_FLAG = 'tourdesk:chunk-reload';

/**
 * After a deployment an open tab may ask for a chunk that no longer exists. Vite reports this as
 * `vite:preloadError`; the page then reloads once to fetch the new build (spec §8). A second failure in
 * the same tab is left to the error page.
 */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem(RELOAD_FLAG)) return;
    sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
  // A page that came up fine may reload again after the next deployment.
  window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem(RELOAD_FLAG), 10_000));
}
