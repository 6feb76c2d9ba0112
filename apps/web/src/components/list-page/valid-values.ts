import type { FormInstance } from 'antd/es/form';

/**
 * A form's values when every field is valid; undefined when one is not, the fields then saying
 * what is wrong (antd marks them). Spares each dialog's submit its own try and catch.
 */
export async function validValues<V>(form: FormInstance<V>): Promise<V | undefined> {
  try {
    return await form.validateFields();
  } catch {
    return undefined;
  }
}
