/** react-dom's client, evaluated in a task of its own: see `evaluate-react.ts`. */
import 'react-dom/client';
