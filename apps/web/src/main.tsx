import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedFromBootstrap } from './app/bootstrap';
import { startBoot } from './app/boot';
import { createQueryClient } from './app/query-client';
import { preloadPage } from './app/routes';
import './app/global.css';

// Everything startup needs begins now, in parallel: translations, the authentication state,
// the code of the page asked for; the startup calls start as the app mounts.
const boot = startBoot({ page: preloadPage(window.location.pathname) });

// The startup answers the server embedded in index.html: the first screen needs no API call.
const queryClient = createQueryClient();
seedFromBootstrap(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(<App boot={boot} queryClient={queryClient} />);
