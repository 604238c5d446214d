import { localStorageStore } from 'react-admin';

/**
 * react-admin's store (locale, theme, list preferences), shared by the login pages and the back office so
 * a language or theme chosen on one side holds on the other.
 */
export const appStore = localStorageStore('1', 'tourdesk');
