import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installBenchHook } from '../store/bench-hook';
import './styles.css';

installBenchHook();
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
