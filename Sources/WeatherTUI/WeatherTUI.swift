// Filled by the front end (issue 5).
