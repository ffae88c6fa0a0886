// The yardstick of `npm run bench:bundle`: the app's framework packages and nothing else, one route
// with one useSelector, one useQuery and one useTranslation.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createActor, setup } from 'xstate';

const toggle = createActor(
  setup({}).createMachine({ initial: 'off', states: { off: { on: { TOGGLE: 'on' } }, on: { on: { TOGGLE: 'off' } } } }),
).start();

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { hello: 'Hello' } } } });

function Home() {
  const on = useSelector(toggle, (snapshot) => snapshot.matches('on'));
  const { data } = useQuery({ queryKey: ['time'], queryFn: () => Promise.resolve(new Date().toISOString()) });
  const { t } = useTranslation();
  return (
    <button type="button" onClick={() => toggle.send({ type: 'TOGGLE' })}>
      {t('hello')} {on ? 'on' : 'off'} {data}
    </button>
  );
}

const router = createBrowserRouter([{ path: '/', Component: Home }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>,
);
