/** Boot: initialise sql.js once (async), then everything else is synchronous. */
import '@xyflow/react/dist/style.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { initSqlJsOnce } from '../core/db/sqljs';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { initI18n } from './i18n/setup';
import { initApp } from './store';
import { installTestApi } from './testApi';

const root = createRoot(document.getElementById('root')!);
// Before the store reads the route: `?lang=` is taken out of the link here.
const i18n = initI18n();

initSqlJsOnce(wasmUrl)
  .then(() => {
    initApp();
    installTestApi();
    root.render(<StrictMode><I18nextProvider i18n={i18n}><App /></I18nextProvider></StrictMode>);
  })
  .catch((error: unknown) => {
    root.render(
      <main className="boot-error" role="alert">
        <h1>The lab could not start</h1>
        <p>SQLite (sql.js) failed to load: {error instanceof Error ? error.message : String(error)}</p>
      </main>,
    );
  });
