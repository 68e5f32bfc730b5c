export const TEST_ADMIN_PASSWORD = 'admin-test-password';
export const TEST_KEY_SECRET = 'test-key-encryption-secret';
export const TEMPLATE_DATABASE = 'store_test_template';
