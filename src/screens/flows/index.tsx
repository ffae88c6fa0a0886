import type { ComponentType } from 'react';
import { FlowsScreen } from './FlowsScreen';
import './flows.css';

/** The flow explorer's chunk: the catalog's diagrams, paths and live state; Mermaid loads from here on demand. */
export const screens: Partial<Record<string, ComponentType>> = { flows: FlowsScreen };
