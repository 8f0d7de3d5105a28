import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { brazilianPhone } from '@backoffice/contracts';
import { SimulatorPage } from '../../../features/chats/simulator-page';

/** The phone (E.164) and the profile name of the customer being simulated; a malformed phone is dropped. */
const SimulatorSearch = z.object({
  phone: z
    .string()
    .transform((v) => brazilianPhone(v) ?? undefined)
    .optional()
    .catch(undefined),
  name: z.string().trim().min(1).max(100).optional().catch(undefined),
});

/** The WhatsApp simulator (issue 22): staff write as a customer; the bot and the attendants answer live. */
export const Route = createFileRoute('/_private/chats/simulator')({
  validateSearch: SimulatorSearch,
  component: function Simulator() {
    const navigate = Route.useNavigate();
    return <SimulatorPage search={Route.useSearch()} onChange={(search) => void navigate({ search })} />;
  },
});
