/**
 * What the newsletter features (contacts, templates, campaigns, analysis) share of a mail, reached through this
 * service file as the dependency rules ask (a feature reaches another only through its `*.service.ts`).
 */
export * from './newsletter-message.ts';
