// placeholder: the game registration (owner: integrator)
