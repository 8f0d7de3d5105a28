import { randomBytes } from 'node:crypto';
import type { DeviceCollection, DeviceDoc, DocData } from './device-collection.ts';

/** Where the Firestore collection lives and how the process authenticates (config.tvDevices). */
export interface FirestoreTarget {
  projectId: string;
  collection: string;
  /** A service account's JSON key (FIREBASE_CREDENTIALS); absent: Google's application default credentials. */
  serviceAccount?: { client_email: string; private_key: string; project_id?: string };
  /** `host:port` of a Firestore emulator (FIRESTORE_EMULATOR_HOST): plain HTTP, no Google credentials. */
  emulatorHost?: string;
}

/**
 * The device collection in Cloud Firestore through firebase-admin, over REST (`preferRest`: HTTP/1.1,
 * no gRPC channel). Against the emulator the REST client would still look for Google credentials
 * (googleapis/nodejs-firestore#1811), so it is given the emulator's owner header instead.
 */
export async function createFirestoreDeviceCollection(target: FirestoreTarget): Promise<DeviceCollection> {
  const { initializeApp, deleteApp, cert, applicationDefault } = await import('firebase-admin/app');
  const { initializeFirestore } = await import('firebase-admin/firestore');
  const app = initializeApp(
    {
      projectId: target.projectId,
      credential: target.serviceAccount
        ? cert({ projectId: target.projectId, clientEmail: target.serviceAccount.client_email, privateKey: target.serviceAccount.private_key })
        : applicationDefault(),
    },
    // One app per collection: several API instances (tests) may live in one process.
    `tv-devices-${randomBytes(6).toString('hex')}`,
  );
  const firestore = initializeFirestore(app, { preferRest: true });
  if (target.emulatorHost) {
    firestore.settings({
      host: target.emulatorHost,
      ssl: false,
      auth: { getRequestHeaders: async () => ({ Authorization: 'Bearer owner' }) },
    });
  }
  const col = firestore.collection(target.collection);
  const toDoc = (snap: { id: string; data(): unknown }): DeviceDoc => ({ id: snap.id, data: snap.data() as DocData });

  return {
    async get(id) {
      const snap = await col.doc(id).get();
      return snap.exists ? toDoc(snap) : null;
    },
    async where(field, value) {
      return (await col.where(field, '==', value).get()).docs.map(toDoc);
    },
    async set(id, data, { merge = false } = {}) {
      await col.doc(id).set(data, { merge });
    },
    async delete(id) {
      await col.doc(id).delete();
    },
    async close() {
      await deleteApp(app);
    },
  };
}
