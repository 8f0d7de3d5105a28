import { Checkbox, Input, Paper, SimpleGrid, Stack } from '@mantine/core';
import type { AccessModule } from '../../shared/account/queries';
import { t } from '../../i18n';

interface Props {
  modules: AccessModule[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | null;
}

const idsOf = (module: AccessModule) => [module.id, ...module.submodules.map((s) => s.id)];

/**
 * Modules with their submodules as a checkbox tree. A module's id is selected whenever any of its
 * submodules is, because the menu needs both to show the entry.
 */
export function AccessModuleTree({ modules, value, onChange, error }: Props) {
  const selected = new Set(value);
  const everyId = modules.flatMap(idsOf);
  const allSelected = everyId.length > 0 && everyId.every((id) => selected.has(id));

  const setIds = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  };

  const toggleModule = (module: AccessModule) => {
    const ids = idsOf(module);
    onChange([...setIds(ids, !ids.every((id) => selected.has(id)))]);
  };

  const toggleSubmodule = (module: AccessModule, id: number) => {
    const next = setIds([id], !selected.has(id));
    if (module.submodules.some((s) => next.has(s.id))) next.add(module.id);
    else next.delete(module.id);
    onChange([...next]);
  };

  return (
    <Input.Wrapper label={t('users.form.modules')} error={error} withAsterisk>
      <Stack gap="sm" mt="xs">
        <Checkbox
          label={t('users.new.selectAll')}
          checked={allSelected}
          indeterminate={!allSelected && value.length > 0}
          onChange={() => onChange(allSelected ? [] : everyId)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {modules.map((module) => {
            const ids = idsOf(module);
            const count = ids.filter((id) => selected.has(id)).length;
            const checked = count === ids.length;
            return (
              <Paper key={module.id} withBorder p="sm" radius="md">
                <Stack gap={6}>
                  <Checkbox
                    label={module.name}
                    fw={600}
                    checked={checked}
                    indeterminate={!checked && count > 0}
                    onChange={() => toggleModule(module)}
                  />
                  {module.submodules.length > 0 && (
                    <Stack gap={6} pl="lg">
                      {module.submodules.map((sub) => (
                        <Checkbox key={sub.id} size="xs" label={sub.name} checked={selected.has(sub.id)} onChange={() => toggleSubmodule(module, sub.id)} />
                      ))}
                    </Stack>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Input.Wrapper>
  );
}
