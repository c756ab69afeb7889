export * from './locales';
export type { MessageKey } from './catalogue';
export * from './text';
export * from './translator';
export * from './activeLocale';
export { isCatalogueLoaded } from './catalogue';
export * from './osLocale';
