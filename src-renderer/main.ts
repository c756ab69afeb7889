import { mount } from 'svelte';
import App from './App.svelte';
import DialConfirm from './components/DialConfirm.svelte';
import { isConfirmRoute } from './lib/dialConfirmRoute';
import './styles/tokens.css';
import './styles/base.css';

const target = document.getElementById('app');
if (!target) throw new Error('Ringside: #app is missing from index.html');
// The small dial confirmation window (src-main/shell/confirmWindow.ts) loads the same page on its own route.
mount(isConfirmRoute(window.location.hash) ? DialConfirm : App, { target });
