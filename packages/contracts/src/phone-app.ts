/**
 * The addresses of the traveller and driver app (`/appuser/…`, `/driver/…`; docs/adr/0020), but the profile page
 * the back office serves for everyone. The web app starts its phone entry for them (apps/web/src/main.tsx), and
 * the server answers them with `PHONE_APP_HTML`: the same page with the phone app's first chunks preloaded.
 */
export const isPhoneAppAddress = (pathname: string): boolean =>
  /^\/(appuser|driver)(\/|$)/.test(pathname) && !pathname.startsWith('/appuser/myProfile');

/** The page the build writes for the phone app's addresses (apps/web/scripts/phone-app-files.ts). */
export const PHONE_APP_HTML = 'phone.html';
