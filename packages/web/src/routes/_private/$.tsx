import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../shared/components/not-found';

/** Unknown private paths (and screens not built yet) show the not-found page inside the layout. */
export const Route = createFileRoute('/_private/$')({ component: NotFound });
