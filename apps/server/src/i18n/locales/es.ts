import type { Messages } from './en';

// TODO(translation helper): real es translations.
export const es: Messages = { ...(await import('./en')).en };
