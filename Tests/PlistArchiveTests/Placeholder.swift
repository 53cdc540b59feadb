// Tests for PlistArchive are added with its issue.
