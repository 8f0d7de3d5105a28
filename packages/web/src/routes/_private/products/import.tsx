import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { useCallback } from 'react';
import { ProductImportPage } from '../../../features/products/product-import-page';
import { importHistoryQuery } from '../../../features/products/import-api';

const ImportSearch = z.object({
  /** The import shown (and followed while it runs). */
  id: z.coerce.number().int().positive().optional().catch(undefined),
});

/** Catalog import (CSV/XLSX) with its progress, rejected rows and history; linked from the products list. */
export const Route = createFileRoute('/_private/products/import')({
  validateSearch: ImportSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(importHistoryQuery(context.session.account.id)),
  component: function ProductImport() {
    const { id } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onShow = useCallback((next: number | undefined) => void navigate({ search: next ? { id: next } : {} }), [navigate]);
    return <ProductImportPage importId={id} onShow={onShow} />;
  },
});
