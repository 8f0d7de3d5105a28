import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { UpdateProfileBody } from '@backoffice/contracts';
import { useUpdateProfile, type Profile } from './api';
import { t } from '../../i18n';

type Language = Profile['language'];

interface ProfileValues {
  name: string;
  phone: string;
  language: Language;
}

const LANGUAGES: Language[] = ['pt-BR', 'en'];

/** A blank phone clears it. */
const toBody = (values: ProfileValues) => ({ ...values, phone: values.phone.trim() || null });

const checkBody = schemaResolver(UpdateProfileBody, { sync: true });

function validate(values: ProfileValues) {
  const errors = checkBody(toBody(values));
  // The contract's pattern is not a message for people.
  if (errors.phone) errors.phone = t('profile.info.phoneInvalid');
  return errors;
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileValues>({
    initialValues: { name: profile.name, phone: profile.phone ?? '', language: profile.language },
    validate,
  });
  const submit = form.onSubmit((values) => update.mutate(toBody(values), { onSuccess: (saved) => form.resetDirty({ name: saved.name, phone: saved.phone ?? '', language: saved.language }) }));

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={4}>{t('profile.info.title')}</Title>
          <TextInput label={t('profile.info.name')} required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label={t('profile.info.email')} value={profile.email} description={t('profile.info.emailHint')} readOnly variant="filled" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('profile.info.phone')} placeholder={t('profile.info.phonePlaceholder')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            <Select
              label={t('profile.info.language')}
              data={LANGUAGES.map((value) => ({ value, label: t(`profile.languages.${value}`) }))}
              allowDeselect={false}
              {...form.getInputProps('language')}
              onChange={(value) => value && form.setFieldValue('language', value as Language)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} leftSection={<IconDeviceFloppy size={16} />}>
              {t('profile.info.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
