import { createFileRoute } from '@tanstack/react-router';
import { tvDevicePairingQuery } from '../../../features/tv-devices/api';
import { TvDeviceActivationPage } from '../../../features/tv-devices/tv-device-activation-page';

/** The link the TV shows as a QR code: the device of the token, to activate for a store. */
export const Route = createFileRoute('/_private/retail-media/tv-devices_/activate/$token')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(tvDevicePairingQuery(context.session.account.id, params.token)),
  component: function TvDeviceActivation() {
    return <TvDeviceActivationPage token={Route.useParams().token} />;
  },
});
