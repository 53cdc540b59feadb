// Filled by the view-model layer (issue 4).
