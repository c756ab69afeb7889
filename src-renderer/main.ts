import { mount } from 'svelte';
import App from './App.svelte';
import BrowserHostLayer from './components/BrowserHostLayer.svelte';
import DialConfirm from './components/DialConfirm.svelte';
import { isConfirmRoute } from './lib/dialConfirmRoute';
import { followLocale, startInBrowserLanguage } from './lib/i18n.svelte';
import { setAppHost } from './lib/transport/appHost';
import { connectBrowserHost } from './lib/transport/connectBrowserHost';
import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';

const target = document.getElementById('app');
if (!target) throw new Error('Ringside: #app is missing from index.html');

// The small dial confirmation window (src-main/shell/confirmWindow.ts) loads the same page on its own route.
const confirmRoute = isConfirmRoute(window.location.hash);
// The language comes first, so the first screen is already in it.
const mountApp = () => followLocale().then(() => mount(confirmRoute ? DialConfirm : App, { target }));

if (window.ringside) {
  // The desktop app: the preload provided window.ringside before any script ran.
  void mountApp();
} else {
  // The browser host served this page: window.ringside comes over its WebSocket, once the server said hello.
  setAppHost('browser');
  const connection = connectBrowserHost();
  const layer = document.body.appendChild(document.createElement('div'));
  // The layer follows Ringside's events at once (a dial request may come any moment); it says how the link
  // to Ringside stands in the browser's language until the app's own language follows as the app mounts.
  mount(BrowserHostLayer, { target: layer, props: { ...connection, confirmRoute } });
  void Promise.all([connection.ready, startInBrowserLanguage()]).then(mountApp);
}
