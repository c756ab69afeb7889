import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('ringside', {});
