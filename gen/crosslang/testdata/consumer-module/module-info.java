/** A user's module that reads idforge's IDs, as the README says to. */
module com.example.consumer {
    requires io.github.idforge;
}
