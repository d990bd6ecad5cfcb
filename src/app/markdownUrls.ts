/**
 * Where lab markdown may point. A checked or previewed lab file is anyone's text: an image
 * link to another site would be fetched the moment the preview renders (telling that site
 * who opened it, and when). Images may come from the lab's own folder (a relative path) or
 * be data URLs; links keep react-markdown's default rule (no javascript: and the like) and
 * open only when clicked.
 */
import { defaultUrlTransform } from 'react-markdown';

const OTHER_ORIGIN = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function labUrlTransform(url: string, key: string): string {
  if (key === 'src') {
    if (/^data:image\//i.test(url)) return url;
    if (OTHER_ORIGIN.test(url.trim())) return '';
  }
  return defaultUrlTransform(url);
}
