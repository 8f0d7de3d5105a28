import { createFileRoute } from '@tanstack/react-router';
import { LocationCreatePage } from '../../../features/locations/location-create-page';

export const Route = createFileRoute('/_private/locations/new')({
  component: LocationCreatePage,
});
