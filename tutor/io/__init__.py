"""Reading files (regular files only, bounded, UTF-8) and finding the project's folders."""
