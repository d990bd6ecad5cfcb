/** Boot: initialise sql.js once (async), then everything else is synchronous. */
import '@xyflow/react/dist/style.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { initSqlJsOnce } from '../core/db/sqljs';
import { App } from './App';
import { initApp } from './store';
import { installTestApi } from './testApi';

const root = createRoot(document.getElementById('root')!);

initSqlJsOnce(wasmUrl)
  .then(() => {
    initApp();
    installTestApi();
    root.render(<StrictMode><App /></StrictMode>);
  })
  .catch((error: unknown) => {
    root.render(
      <main className="boot-error" role="alert">
        <h1>The lab could not start</h1>
        <p>SQLite (sql.js) failed to load: {error instanceof Error ? error.message : String(error)}</p>
      </main>,
    );
  });
