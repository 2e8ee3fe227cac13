/// Closed-form scroll simulations; see the module files.
