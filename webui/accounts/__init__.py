"""Accounts: sign up and in, a person's page, and their API token."""
