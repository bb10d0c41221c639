import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'katex/dist/katex.min.css';
import { Root } from './Root';
import './styles/base.css';
import './styles/sidebar.css';
import './styles/chat.css';
import './styles/trail.css';
import './styles/dialogs.css';
import './styles/auth.css';
// Last: its tablet and phone rules override the component styles above.
import './styles/layout.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
