import Scene
print("forkrender")
