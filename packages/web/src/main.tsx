import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api/client';

type AppInfo = { name: string; version: string };

// Placeholder until the web shell lands: proves the typed client reaches the API.
function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api.GET('/app-info').then(({ data }) => (data ? setInfo(data) : setFailed(true)), () => setFailed(true));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>{info?.name ?? 'Varejo Back-office'}</h1>
      <p>{failed ? 'Não foi possível falar com a API.' : info ? `Versão ${info.version}` : 'Carregando informações'}</p>
      <p>
        <a href="/docs">Documentação da API</a>
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
