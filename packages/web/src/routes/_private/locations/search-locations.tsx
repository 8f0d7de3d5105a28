import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import type { RegionSearch } from '../../../features/regions/api';
import { SearchLocationsPage } from '../../../features/regions/search-locations-page';

// The point searched is kept in the URL (a typed address, or the clicked lat/lng), so it can be shared and reloaded.
const SearchLocationsSearch = z.object({
  address: z.string().trim().min(1).max(200).optional().catch(undefined),
  lat: z.coerce.number().min(-90).max(90).optional().catch(undefined),
  lng: z.coerce.number().min(-180).max(180).optional().catch(undefined),
});

export const Route = createFileRoute('/_private/locations/search-locations')({
  validateSearch: SearchLocationsSearch,
  component: function SearchLocations() {
    const { address, lat, lng } = Route.useSearch();
    const navigate = Route.useNavigate();
    const search: RegionSearch | null = lat !== undefined && lng !== undefined ? { lat, lng } : address ? { address } : null;
    return <SearchLocationsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});
