/** Boot: the catalog renders at once; the lab runtime (sql.js, models) is a lazy chunk. */
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { i18nReady, initI18n } from './i18n/setup';
import { initApp } from './store';
import { installTestApi } from './testApi';

const root = createRoot(document.getElementById('root')!);
// Before the store reads the route: `?lang=` is taken out of the link here.
const i18n = initI18n();

// sql.js and its wasm load with the lab runtime, when a lab is first opened (store.ts).
initApp();
installTestApi();
// A page starting in another language waits for that language's chunk (one small fetch,
// precached offline) so its first frame is not English.
void i18nReady().then(() => root.render(<StrictMode><I18nextProvider i18n={i18n}><App /></I18nextProvider></StrictMode>));
