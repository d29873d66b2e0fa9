/**
 * Imported first by the app's entry: on a bundle page the session worker and the spare decoder
 * start as the app's script begins, before the rest of the app is evaluated and first rendered,
 * so they compile while the page does that (the bundle's load then takes the started worker).
 */
import { BUNDLE_PAGE_META } from '../io/bundle-template';
import { client } from './session-client';

if (typeof document !== 'undefined' && document.querySelector(`meta[name="${BUNDLE_PAGE_META}"]`)) client.prestart();
