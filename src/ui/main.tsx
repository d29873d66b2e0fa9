import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { RegionBoundary } from './RegionBoundary';
import { installBenchHook } from '../app/bench-hook';
import { openBundleEarly } from '../app/open';
import './styles.css';
import './time-travel.css';
import './errors.css';
import './page.css';

performance.mark('seqscope:app-start');
installBenchHook();
openBundleEarly();
createRoot(document.getElementById('root')!).render(<StrictMode><RegionBoundary name="app" className="app-failed"><App /></RegionBoundary></StrictMode>);
