// This language's chunk: every namespace file in this folder (see ../../bundle.ts).
import { type Resources, toBundle } from '../../bundle';

export const bundle = toBundle(import.meta.glob<Resources>('./*.json', { eager: true, import: 'default' }));
